import { useNavigate, useRouter } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';

export const NOT_FOUND_COUNTDOWN_SECONDS = 5;

export function NotFoundPage() {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(NOT_FOUND_COUNTDOWN_SECONDS);
  useEffect(() => {
    // Counted against a deadline, so a slow or throttled tab still leaves after 5 seconds.
    const deadline = Date.now() + NOT_FOUND_COUNTDOWN_SECONDS * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(timer);
        void navigate({ to: '/inventories' });
      }
    }, 250);
    return () => clearInterval(timer);
  }, [navigate]);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-7xl font-bold text-brand-600">404</p>
      <h1 className="text-xl font-semibold text-slate-800">
        Oops! The page you're looking for doesn't exist.
      </h1>
      <p className="text-sm text-slate-600" aria-live="polite">
        Redirecting to home in <span data-testid="countdown">{seconds}</span> seconds...
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => window.history.back()}>
          Go Back
        </Button>
        <Button onClick={() => void navigate({ to: '/inventories' })}>Go to Home</Button>
      </div>
    </main>
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const router = useRouter();
  const navigate = useNavigate();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold text-red-600">Error</h1>
      <p className="max-w-lg rounded bg-red-50 px-4 py-2 font-mono text-sm text-red-800">{message}</p>
      <p className="text-slate-700">Something went wrong. Please try again or return to home page.</p>
      <div className="flex gap-2">
        <Button onClick={() => void router.invalidate()}>Try Again</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: '/' })}>
          Go to Home
        </Button>
        <Button variant="secondary" onClick={() => window.history.back()}>
          Go Back
        </Button>
      </div>
    </main>
  );
}

export function LoadingPage() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4" role="status">
      <Logo />
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden />
      <p className="text-sm text-slate-600">Loading...</p>
    </div>
  );
}
