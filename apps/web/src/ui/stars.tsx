// One to five stars (a world's level); the label says the level in words for screen readers.

const STAR_COUNT = 5;

export function Stars({ filled, label }: { filled: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5 text-base leading-none">
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <span
          // Stars are positional: index is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decorative list
          key={index}
          aria-hidden="true"
          className={index < filled ? "text-warning" : "text-fg-muted opacity-40"}
        >
          {index < filled ? "★" : "☆"}
        </span>
      ))}
    </span>
  );
}
