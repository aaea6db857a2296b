import type { ComponentProps } from "react";
import { formatDate } from "@/lib/format/pt-br";
import type { PolicyPageView } from "@/lib/policy-page/page-view";
import { CancelPolicyForm } from "./cancel-policy-form";

type Cancellation = PolicyPageView["cancellation"];

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

/** The admin's cancellation form, while the policy is Issued. */
export function PolicyCancellation({
  cancellation,
  action,
}: {
  cancellation: Cancellation;
  action: ComponentProps<typeof CancelPolicyForm>["action"];
}) {
  return cancellation.cancelable ? <CancelPolicyForm action={action} /> : null;
}
