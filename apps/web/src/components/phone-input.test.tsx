import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input.tsx';

function Harness({ initial = '' }: { initial?: string }) {
  const [digits, setDigits] = useState(initial);
  return (
    <>
      <label htmlFor="phone">Mobile Phone</label>
      <PhoneInput id="phone" value={digits} onChange={setDigits} />
      <output aria-label="digits">{digits}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('masks typed digits as (000) 000-0000 and keeps digits only', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Mobile Phone');
    await userEvent.type(input, '5125550100');
    expect(input).toHaveProperty('value', '(512) 555-0100');
    expect(screen.getByLabelText('digits').textContent).toBe('5125550100');
  });

  it('drops letters and anything past ten digits', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Mobile Phone');
    await userEvent.type(input, '51a2-555x0100999');
    expect(input).toHaveProperty('value', '(512) 555-0100');
    expect(screen.getByLabelText('digits').textContent).toBe('5125550100');
  });

  it('formats a stored number', () => {
    render(<Harness initial="7135550177" />);
    expect(screen.getByLabelText('Mobile Phone')).toHaveProperty('value', '(713) 555-0177');
  });
});
