import { ArrowDown, Brush, Eraser, Redo2, Sparkles, Undo2, ZoomIn } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_LIMITS } from '@common/plans';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ToolsMenu } from '@client/components/layout/tools-menu';

function scrollToFeatures() {
  document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** A picture of the editor's first step: the real photo with the area a person would paint over. */
function EditorPreview() {
  return (
    <div className="relative">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-violet-600/30 via-fuchsia-500/20 to-transparent blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-violet-950/20">
        <div className="flex items-center gap-2 border-b px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400/80" />
          <span className="size-2.5 rounded-full bg-amber-400/80" />
          <span className="size-2.5 rounded-full bg-emerald-400/80" />
          <span className="ml-3 text-xs font-medium text-muted-foreground">Object Removal</span>
        </div>
        <div className="relative">
          <img
            src="/images/hero-ladybird-960.webp"
            srcSet="/images/hero-ladybird-640.webp 640w, /images/hero-ladybird-960.webp 960w"
            sizes="(min-width: 1024px) 560px, 100vw"
            width={960}
            height={600}
            alt="A ladybird on a green stem, painted over with the brush to mark it for removal"
            fetchPriority="high"
            className="block h-auto w-full"
          />
          <svg viewBox="0 0 960 600" className="absolute inset-0 size-full" aria-hidden>
            <path
              d="M470 300c20-40 90-60 130-20 35 35 20 95-40 105-50 8-100-20-95-60 4-30 50-50 90-35"
              fill="none"
              stroke="rgb(168 85 247 / 0.55)"
              strokeWidth="64"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle
              cx="625"
              cy="330"
              r="34"
              fill="none"
              stroke="white"
              strokeWidth="3"
              strokeDasharray="6 6"
            />
          </svg>
        </div>
        <div className="flex items-center gap-1 border-t px-3 py-2 text-muted-foreground">
          <span className="flex size-8 items-center justify-center rounded-md bg-primary/15 text-primary">
            <Brush className="size-4" />
          </span>
          <span className="flex size-8 items-center justify-center rounded-md">
            <Eraser className="size-4" />
          </span>
          <span className="mx-2 h-1.5 flex-1 rounded-full bg-muted">
            <span className="block h-full w-2/5 rounded-full bg-primary" />
          </span>
          <Undo2 className="mx-1.5 size-4" />
          <Redo2 className="mx-1.5 size-4" />
          <ZoomIn className="mx-1.5 size-4" />
          <span className="ml-2 hidden rounded-md bg-gradient-to-r from-violet-600 to-fuchsia-600 px-3 py-1.5 text-xs font-medium text-white sm:inline">
            Remove Object
          </span>
        </div>
      </div>
    </div>
  );
}

export function HeroSection() {
  return (
    <section className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_20%_0%,rgb(139_92_246/0.18),transparent),radial-gradient(40%_40%_at_90%_20%,rgb(217_70_239/0.12),transparent)]" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.05fr_1fr] lg:px-8 lg:pb-24">
        <div>
          <Badge>
            <Sparkles className="size-3.5" /> 7 AI editing modes in one place
          </Badge>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            AI Photo Cleanup Tool -{' '}
            <span className="bg-gradient-to-r from-violet-500 to-fuchsia-500 bg-clip-text text-transparent">
              Magic Eraser &amp; Chat to Edit
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Paint over watermarks and unwanted objects, cut out backgrounds, enhance faces, upscale, or simply
            describe the change you want. Your cleaned photo is ready in seconds.
          </p>
          <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap sm:items-center">
            <Button asChild size="lg" variant="gradient" className="w-full sm:w-auto">
              <Link href="/editor">
                <Sparkles /> Get Started Free
              </Link>
            </Button>
            <ToolsMenu label="Explore All Tools" variant="outline" size="lg" className="w-full sm:w-auto" />
            <Button size="lg" variant="ghost" onClick={scrollToFeatures} className="w-full sm:w-auto">
              Learn More <ArrowDown />
            </Button>
          </div>
          <p className="mt-5 text-sm text-muted-foreground">
            Free plan: {PLAN_LIMITS.free.signupDayCredits} edits on the day you sign up, then{' '}
            {PLAN_LIMITS.free.creditsPerPeriod} every day. Sign in with Google, no card needed.
          </p>
        </div>
        <EditorPreview />
      </div>
    </section>
  );
}
