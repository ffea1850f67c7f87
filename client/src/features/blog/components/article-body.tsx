import { Lightbulb } from 'lucide-react';
import type { ArticleSection, Block } from '../model/article';

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('image' in block) {
    const { src, alt, width, height, caption } = block.image;
    return (
      <figure className="space-y-2">
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          className="h-auto w-full rounded-xl border"
        />
        <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
      </figure>
    );
  }
  if ('tip' in block) {
    return (
      <aside className="flex gap-3 rounded-xl border border-primary/25 bg-primary/5 p-4 text-[0.95rem]">
        <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          <strong className="font-semibold">Tip: </strong>
          {block.tip}
        </p>
      </aside>
    );
  }
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List
      className={
        block.ordered ? 'list-decimal space-y-2 pl-6' : 'list-disc space-y-2 pl-6 marker:text-primary'
      }
    >
      {block.list.map((item) => (
        <li key={item} className="pl-1">
          {item}
        </li>
      ))}
    </List>
  );
}

export function ArticleBody({ sections }: { sections: ArticleSection[] }) {
  return (
    <div className="space-y-10">
      {sections.map((section) => (
        <section key={section.heading} className="space-y-4">
          <h2 className="text-2xl font-bold tracking-tight">{section.heading}</h2>
          {section.blocks.map((block, index) => (
            <BlockView key={index} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
