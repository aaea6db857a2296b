import Link from "next/link";
import type { ReactNode } from "react";

export type AttentionItem = { key: string; href: string; label: string; detail: string };

export type AttentionCardProps = {
  id: string;
  title: string;
  count: number;
  summary?: string;
  href: string;
  linkLabel: string;
  items: AttentionItem[];
  children?: ReactNode;
};

/** One "needs attention" count with its short list and the link to the filtered table. */
export function AttentionCard({
  id,
  title,
  count,
  summary,
  href,
  linkLabel,
  items,
  children,
}: AttentionCardProps) {
  return (
    <section className="card attention-card" aria-labelledby={`${id}-title`} data-attention={id}>
      <h2 id={`${id}-title`}>
        <span className="attention-count" data-testid={`${id}-count`}>
          {count.toLocaleString("pt-BR")}
        </span>{" "}
        {title}
      </h2>
      {summary ? <p className="muted">{summary}</p> : null}
      {children}
      {items.length ? (
        <ul className="attention-list">
          {items.map((item) => (
            <li key={item.key}>
              <Link href={item.href}>{item.label}</Link> <span className="muted">{item.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link href={href} data-testid={`${id}-link`}>
          {linkLabel}
        </Link>
      </p>
    </section>
  );
}
