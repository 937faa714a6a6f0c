// The entity form (create or edit): name, role, system prompt, model (blank: the server's default) and temperature.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError, translateField } from "../../lib/messages";
import { type Entity, workspaceKeys } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { TextAreaField, TextField } from "../../ui/form-field";
import { type EntityFields, workspaceApi } from "./api";

export function EntityForm({
  universeId,
  entity,
  onDone,
}: {
  universeId: string;
  /** Editing this entity; creating when absent. */
  entity?: Entity;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState(entity?.name ?? "");
  const [role, setRole] = useState(entity?.role ?? "");
  const [systemPrompt, setSystemPrompt] = useState(entity?.systemPrompt ?? "");
  const [model, setModel] = useState(entity?.model ?? "");
  const [temperature, setTemperature] = useState(entity ? String(entity.temperature) : "");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const body: EntityFields = {
        name: name.trim(),
        role: role.trim(),
        systemPrompt: systemPrompt.trim(),
        model: model.trim() === "" ? null : model.trim(),
      };
      if (temperature.trim() !== "") body.temperature = Number(temperature);
      return entity
        ? workspaceApi.updateEntity(entity.id, body)
        : workspaceApi.createEntity(universeId, body);
    },
    onSuccess: async () => {
      // The universes' entity counts shown come from this list too: one refetch is enough.
      await client.invalidateQueries({ queryKey: workspaceKeys.entities });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error)) {
        setFields(
          Object.fromEntries(
            Object.entries(error.fields).map(([key, field]) => [key, translateField(t, field)]),
          ),
        );
        setFailure(translateError(t, error));
      } else setFailure(t("messages.requestFailed"));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFailure(null);
    save.mutate();
  };
  const prefix = entity ? "entity-edit" : "entity";

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-muted/40 p-4"
      data-testid={entity ? "entity-edit-form" : "entity-form"}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("commandCenter.entity.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
          dir="auto"
          error={fields.name}
          testId={`${prefix}-name`}
        />
        <TextField
          label={t("commandCenter.entity.role")}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          required
          maxLength={200}
          dir="auto"
          placeholder={t("commandCenter.entity.rolePlaceholder")}
          error={fields.role}
          testId={`${prefix}-role`}
        />
      </div>
      <TextAreaField
        label={t("commandCenter.entity.systemPrompt")}
        dir="auto"
        rows={3}
        required
        value={systemPrompt}
        onChange={(event) => setSystemPrompt(event.target.value)}
        placeholder={t("commandCenter.entity.systemPromptPlaceholder")}
        testId={`${prefix}-system-prompt`}
        error={fields.systemPrompt}
        className="resize-y"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("commandCenter.entity.model")}
          hint={t("commandCenter.entity.modelHint")}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          maxLength={200}
          dir="ltr"
          error={fields.model}
          testId={`${prefix}-model`}
        />
        <TextField
          label={t("commandCenter.entity.temperature")}
          hint={t("commandCenter.entity.temperatureHint")}
          type="number"
          inputMode="decimal"
          min={0}
          max={2}
          step={0.1}
          value={temperature}
          onChange={(event) => setTemperature(event.target.value)}
          error={fields.temperature}
          testId={`${prefix}-temperature`}
        />
      </div>
      {failure ? <FormAlert testId={`${prefix}-error`}>{failure}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} data-testid={`${prefix}-save`}>
          {save.isPending
            ? t("common.saving")
            : entity
              ? t("common.save")
              : t("commandCenter.entity.create")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
