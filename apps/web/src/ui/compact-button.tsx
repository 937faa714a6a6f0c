// The compact button that sits in a row or a card's header beside others (rename, delete, revoke…): a Button with
// less padding, ghost unless told otherwise.
import type { ComponentProps } from "react";
import { Button } from "./button";

export function CompactButton({
  variant = "ghost",
  className = "",
  ...rest
}: ComponentProps<typeof Button>) {
  return <Button variant={variant} className={`px-3 py-1.5 ${className}`.trim()} {...rest} />;
}
