import type { ComponentProps } from "react";
import { CancellationForm } from "@/components/endorsements/cancellation-form";
import { formatDate } from "@/lib/format/pt-br";
import type { PolicyPageView } from "@/lib/policy-page/page-view";

type Cancellation = PolicyPageView["cancellation"];
type FormProps = ComponentProps<typeof CancellationForm>;

/** A canceled policy's date and reason, above the page's sections. */
export function PolicyCanceledNotice({ cancellation }: { cancellation: Cancellation }) {
  const notice = cancellation.notice;
  if (!notice) return null;
  return (
    <p className="card" role="status">
      Cancelada em {formatDate(notice.canceledAt.toISOString())}. Motivo: {notice.reason}
    </p>
  );
}

/** The admin's cancellation (preview, then confirmation), while the policy is Issued. */
export function PolicyCancellation({
  cancellation,
  currentInstallments,
  previewAction,
  issueAction,
}: {
  cancellation: Cancellation;
  currentInstallments: FormProps["currentInstallments"];
  previewAction: FormProps["previewAction"];
  issueAction: FormProps["issueAction"];
}) {
  if (!cancellation.cancelable || !cancellation.dates) return null;
  return (
    <CancellationForm
      dates={cancellation.dates}
      currentInstallments={currentInstallments}
      previewAction={previewAction}
      issueAction={issueAction}
    />
  );
}
