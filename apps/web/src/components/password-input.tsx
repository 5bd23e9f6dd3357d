import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';

export function PasswordInput({
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={isVisible ? 'text' : 'password'} className="pr-10" {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={isVisible ? 'Hide password' : 'Show password'}
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-800"
      >
        {isVisible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}

type NewPasswordField = 'password' | 'password_confirmation';

/**
 * A new password and its confirmation (set password, profile), typed as new passwords so a
 * password manager offers to generate one. `labels` are the page's: "New Password" or "Password".
 */
export function NewPasswordFields({
  labels,
  errors,
  register,
}: {
  labels: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, { message?: string | undefined }>>;
  register: (name: NewPasswordField) => UseFormRegisterReturn;
}) {
  return (['password', 'password_confirmation'] as const).map((name) => (
    <Field key={name} id={name} label={labels[name]} error={errors[name]?.message}>
      <PasswordInput id={name} autoComplete="new-password" {...register(name)} />
    </Field>
  ));
}
