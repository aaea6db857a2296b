import type { ComponentProps } from "react";
import { AlterationForm } from "@/components/endorsements/alteration-form";
import type { PolicyPageView } from "@/lib/policy-page/page-view";

type FormProps = ComponentProps<typeof AlterationForm>;

/** "Alterar apólice" while the policy is Issued (any user of the broker, as the API allows). */
export function PolicyAlteration({
  alteration,
  currentInstallments,
  previewAction,
  issueAction,
}: {
  alteration: PolicyPageView["alteration"];
  currentInstallments: FormProps["currentInstallments"];
  previewAction: FormProps["previewAction"];
  issueAction: FormProps["issueAction"];
}) {
  if (!alteration) return null;
  return (
    <AlterationForm
      alteration={alteration}
      currentInstallments={currentInstallments}
      previewAction={previewAction}
      issueAction={issueAction}
    />
  );
}
