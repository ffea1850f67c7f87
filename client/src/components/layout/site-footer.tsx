import { Link } from 'wouter';
import { LogoMark } from './logo';

export function SiteFooter() {
  return (
    <footer className="border-t border-border/60 bg-muted/30">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex items-center gap-2.5">
          <LogoMark className="size-7" />
          <span className="font-semibold">Cleanup Studio</span>
        </div>
        <nav className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground" aria-label="Footer">
          <Link href="/blog" className="hover:text-foreground">
            Blog
          </Link>
          <Link href="/editor" className="hover:text-foreground">
            Editor
          </Link>
          <Link href="/pricing" className="hover:text-foreground">
            Pricing
          </Link>
          <Link href="/test-results" className="hover:text-foreground">
            Results gallery
          </Link>
          <Link href="/docs/api" className="hover:text-foreground">
            API
          </Link>
          <Link href="/privacy" className="hover:text-foreground">
            Privacy
          </Link>
        </nav>
        <p className="text-sm text-muted-foreground" suppressHydrationWarning>
          © {new Date().getFullYear()} Cleanup Studio. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
