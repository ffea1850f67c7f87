import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { useAuth } from '@client/features/auth';

/** The header's sign-in: its own failure toast, distinct from the login dialog's. */
export function useHeaderAuth() {
  const auth = useAuth();
  async function signIn() {
    try {
      await auth.signIn();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Sign-in failed',
        description: getErrorMessage(error, 'Please try again'),
      });
    }
  }
  return { ...auth, signIn };
}
