// The message box: Enter sends, Shift+Enter adds a line (IME composition is left alone); Stop while an answer streams.
import { type FormEvent, type KeyboardEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  stopping,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  stopping: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const canSend = !disabled && !streaming && value.trim() !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="chat-composer">
      <label htmlFor={id} className="sr-only">
        {t("chat.messageLabel")}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          dir="auto"
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          aria-describedby={hintId}
          placeholder={t("chat.messagePlaceholder")}
          data-testid="chat-message-input"
          className="max-h-48 min-h-12 w-full min-w-0 resize-y rounded-xl border border-border bg-surface px-3 py-2.5 text-fg placeholder:text-fg-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40 disabled:opacity-60"
        />
        {streaming ? (
          <Button variant="secondary" onClick={onStop} disabled={stopping} data-testid="chat-stop">
            {stopping ? t("chat.stopping") : t("chat.stop")}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend} data-testid="chat-send">
            {t("chat.send")}
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-fg-muted">
        {t("chat.keyboardHint")}
      </p>
    </form>
  );
}
