import { ForgotPasswordFormSchema } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../lib/toast.ts';
import { forgotPassword } from './api.ts';
import { PublicFormActions, PublicLayout } from './public-layout.tsx';

type ForgotForm = z.input<typeof ForgotPasswordFormSchema>;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm<ForgotForm>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  // isValid follows every keystroke (the resolver runs on change); messages still wait for blur.
  const { errors, isSubmitting, isValid } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      toast({
        variant: 'success',
        title: 'Password reset',
        description:
          'If the email entered exists in our system, you will be emailed password instructions. Please be sure to check your spam folder',
        duration: 10_000,
      });
      await navigate({ to: '/login' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Error', duration: 3000 });
    }
  });
  return (
    <PublicLayout title="Forgot Password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="Enter Email"
            {...form.register('email')}
          />
        </Field>
        <PublicFormActions
          label="Reset Password"
          busyLabel="Resetting Password..."
          isSubmitting={isSubmitting}
          isValid={isValid}
        />
      </form>
    </PublicLayout>
  );
}
