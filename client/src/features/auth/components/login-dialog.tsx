import { useEffect } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { preloadAuth } from '../auth-session';
import { useAuth } from '../use-auth';
import { GoogleIcon } from './google-icon';

interface LoginDialogProps {
  open: boolean;
  /** Called when the person dismisses the dialog without signing in. */
  onOpenChange: (open: boolean) => void;
  /** Called after a successful sign-in, once the user record is loaded. */
  onSignedIn?: () => void;
}

export function LoginDialog({ open, onOpenChange, onSignedIn }: LoginDialogProps) {
  const { signIn, isSigningIn } = useAuth();
  useEffect(() => {
    if (open) preloadAuth();
  }, [open]);

  async function handleSignIn() {
    try {
      if (await signIn()) onSignedIn?.();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: getErrorMessage(error, 'Failed to sign in. Please try again.'),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader className="items-center pr-0 text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
            <GoogleIcon className="size-6" />
          </div>
          <DialogTitle>Sign in required</DialogTitle>
          <DialogDescription>
            Please sign in with your Google account to use the editor and access all features.
          </DialogDescription>
        </DialogHeader>
        <Button size="lg" variant="outline" className="w-full" onClick={handleSignIn} disabled={isSigningIn}>
          {isSigningIn ? <Loader2 className="animate-spin" /> : <GoogleIcon />}
          {isSigningIn ? 'Signing in...' : 'Sign in with Google'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
