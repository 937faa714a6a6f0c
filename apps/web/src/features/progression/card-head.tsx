// The top of a quest's or an event's card: its name (a heading at the level the section needs), its badges beside
// it, then its description; names and descriptions come from people or the catalogue, so their direction is auto.
import type { ReactNode } from "react";

export function CardHead({
  heading: Heading,
  text,
  badges,
}: {
  heading: "h3" | "h4";
  text: { name: string; description: string };
  badges: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-bold text-fg" dir="auto">
          {text.name}
        </Heading>
        {badges}
      </div>
      <p className="text-sm text-fg-muted" dir="auto">
        {text.description}
      </p>
    </>
  );
}
