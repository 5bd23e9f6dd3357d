import { LoginRequestSchema, signInGreeting } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordInput } from '../../components/password-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { homePathFor } from '../../lib/menu.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { signIn } from './api.ts';
import { PublicLayout } from './public-layout.tsx';

const LoginFormSchema = LoginRequestSchema.omit({ encode: true });
type LoginForm = z.input<typeof LoginFormSchema>;

/** Only same-site paths are followed after sign-in; without one, the role's landing page. */
function safeRedirect(redirect: string | undefined, home: string): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return home;
  return redirect;
}

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate();
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  // isValid follows every keystroke (the resolver runs on change); messages still wait for blur.
  const { errors, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn({
        email: values.email,
        password: values.password,
        rememberMe: values.rememberMe ?? false,
      });
      useSession
        .getState()
        .signIn(result.credentials.access_token, result.resource, values.rememberMe ?? false);
      // Spec 01 §8 reads "Welcome back! Successfully logged in as {name}": title plus text.
      const greeting = signInGreeting(result.resource.profile.first_name, result.first_sign_in);
      toast({ variant: 'success', title: greeting.title, description: greeting.text });
      await navigate({ to: safeRedirect(redirect, homePathFor(result.resource.role)) });
    } catch (error) {
      // A lock is not a wrong password: the server's message says how long to wait.
      if (error instanceof ApiError && error.status === 429) {
        toast({ variant: 'destructive', title: error.body.message ?? 'Too many sign-in attempts.' });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Invalid credentials',
        description: 'Wrong email or password.',
        duration: 3000,
      });
    }
  });

  // The spec gives this page no heading; "Sign In" is the button's label and names only it.
  return (
    <PublicLayout title="Log in to your account">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="email" label="Username" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            placeholder="Enter Email"
            aria-invalid={errors.email ? true : undefined}
            {...form.register('email')}
          />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="Enter Password"
            aria-invalid={errors.password ? true : undefined}
            {...form.register('password')}
          />
        </Field>
        <div className="flex items-center justify-between">
          <label htmlFor="rememberMe" className="flex items-center gap-2 text-sm text-slate-700">
            <Controller
              control={form.control}
              name="rememberMe"
              render={({ field }) => (
                <Checkbox
                  id="rememberMe"
                  checked={field.value ?? false}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
              )}
            />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot Password?
          </Link>
        </div>
        {/* Spec 01 §4: disabled while the form is invalid or saving. */}
        <Button type="submit" disabled={isSubmitting || !isValid} className="w-full">
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </PublicLayout>
  );
}
