// The "new universe" form: a name and an optional description; a plan cap answers with the upgrade prompt.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { failureText } from "../../lib/messages";
import { workspaceKeys } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { workspaceApi } from "./api";

export function UniverseCreateForm({ first }: { first: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      workspaceApi.createUniverse({
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: async () => {
      setName("");
      setDescription("");
      setFailure(null);
      await client.invalidateQueries({ queryKey: workspaceKeys.universes });
    },
    onError: (error) => setFailure(failureText(t, error, "name")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== "") create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="universe-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("commandCenter.universe.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
          dir="auto"
          placeholder={t("commandCenter.universe.namePlaceholder")}
          testId="universe-name-input"
        />
        <TextField
          label={t("commandCenter.universe.description")}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
          dir="auto"
          testId="universe-description-input"
        />
      </div>
      {failure ? <FormAlert testId="universe-create-error">{failure}</FormAlert> : null}
      <Button
        type="submit"
        className="self-start"
        disabled={create.isPending || name.trim() === ""}
        data-testid="universe-create"
      >
        {first ? t("commandCenter.universe.createFirst") : t("commandCenter.universe.create")}
      </Button>
    </form>
  );
}
