// /files: upload (drag and drop or picker), the storage bar against the plan's limit, and the list of the user's files.
import { UNLIMITED } from "@aacos/domain/catalog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { useByteFormat } from "../../lib/format-bytes";
import { errorText } from "../../lib/messages";
import { useFiles } from "../../lib/plan-queries";
import { Card } from "../../ui/card";
import { LimitBar } from "../../ui/limit-bar";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { RetryAlert } from "../../ui/retry-alert";
import { TitledSection } from "../../ui/titled-section";
import { FileListView } from "./file-list";
import { UploadForm } from "./upload-form";

export function FilesScreen() {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  const files = useFiles();

  let listing: ReactNode;
  if (files.isPending) listing = <Loader message={t("files.loading")} />;
  else if (files.isError) {
    listing = (
      <RetryAlert
        message={
          <>
            {t("files.loadError")} {isApiError(files.error) ? errorText(t, files.error) : null}
          </>
        }
        onRetry={() => void files.refetch()}
        testId="files-error"
      />
    );
  } else {
    const { usedBytes, limitBytes, items } = files.data;
    listing = (
      <>
        <LimitBar
          testId="storage-bar"
          label={t("files.storage")}
          valueText={
            limitBytes === UNLIMITED
              ? t("usage.usedUnlimited", { used: bytes(usedBytes) })
              : t("usage.ofLimit", { used: bytes(usedBytes), limit: bytes(limitBytes) })
          }
          percent={
            limitBytes === UNLIMITED || limitBytes <= 0
              ? 0
              : Math.min(100, (usedBytes / limitBytes) * 100)
          }
        />
        <FileListView files={items} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10" data-testid="files-screen">
      <PageHeading title={t("files.title")} lead={t("files.lead")} />
      <div className="flex flex-col gap-6">
        <UploadForm />
        <Card>
          <TitledSection title={t("files.list.title")} className="flex flex-col gap-4">
            {listing}
          </TitledSection>
        </Card>
      </div>
    </div>
  );
}
