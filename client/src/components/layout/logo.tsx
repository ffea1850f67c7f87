import { useId } from 'react';
import { Link } from 'wouter';
import { cn } from '@client/lib/utils';

export function LogoMark({ className }: { className?: string }) {
  // The header and the footer both draw the mark: each needs its own gradient id.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#d946ef" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M9 21.5 19.5 11l3.5 3.5L12.5 25H9z" fill="#fff" />
      <path d="M21 9.5l1.5 1.5M23.5 7v2M25 10.5h-2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onClick}
      className="flex items-center gap-2.5 rounded-lg font-semibold tracking-tight"
    >
      <LogoMark />
      <span className="text-lg">Cleanup Studio</span>
    </Link>
  );
}
