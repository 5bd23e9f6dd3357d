import { passwordLinkProblem, SetPasswordFormSchema } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../components/password-input.tsx';
import { toast } from '../../lib/toast.ts';
import { describePasswordLink, setPassword } from './api.ts';
import { PublicFormActions, PublicLayout } from './public-layout.tsx';

export function SetPasswordPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(SetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });
  // isValid follows every keystroke (the resolver runs on change); messages still wait for blur.
  const { errors, isSubmitting, isValid } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await setPassword(token ?? '', password);
      toast({
        variant: 'success',
        title: 'Password changed',
        description: 'Your password has been successfully changed. Now you can log in.',
      });
      await navigate({ to: '/login' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error',
        description:
          'Your password reset link is invalid or has expired. Please request a new one to proceed.',
        duration: 10_000,
      });
    }
  });
  // Asked before anything is typed (issue 33 point 15): a used invitation says it was an
  // invitation, not a password reset. Should the question fail, the form stays and the save's
  // answer says what is wrong, as before.
  const link = useQuery({
    queryKey: ['auth', 'password-link', token],
    queryFn: () => describePasswordLink(token ?? ''),
    enabled: token !== undefined,
    meta: { handlesErrors: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const problem = link.data ? passwordLinkProblem(link.data.resource) : null;
  if (problem) {
    return (
      <PublicLayout
        title={link.data?.resource.purpose === 'invitation' ? 'Invitation link' : 'Password link'}
      >
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-slate-700">
            {problem}
          </p>
          <Link to="/login" className="text-center text-sm font-medium text-brand-700 hover:underline">
            Login
          </Link>
          <Link
            to="/forgot-password"
            className="text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Forgot Password?
          </Link>
        </div>
      </PublicLayout>
    );
  }
  // The spec gives this page no heading; "Set New Password" is the button's label and names only it.
  return (
    <PublicLayout title="Choose your password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          labels={{ password: 'New Password', password_confirmation: 'Confirm New Password' }}
          errors={errors}
          register={(name) => form.register(name)}
        />
        <PublicFormActions
          label="Set New Password"
          busyLabel="Setting New Password..."
          isSubmitting={isSubmitting}
          isValid={isValid}
        />
      </form>
    </PublicLayout>
  );
}
