import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

/** "← Back to {to}" as a button-styled link: quiet at the top of a page, outlined below its content. */
export function BackLink({ href, to, atTop = false }: { href: string; to: string; atTop?: boolean }) {
  const look = atTop
    ? ({ variant: 'ghost', size: 'sm', className: '-ml-3 text-muted-foreground' } as const)
    : ({ variant: 'outline' } as const);
  return (
    <Button asChild {...look}>
      <Link href={href}>
        <ArrowLeft />
        {` Back to ${to}`}
      </Link>
    </Button>
  );
}
