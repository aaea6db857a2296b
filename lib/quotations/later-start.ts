import type { ActionState } from "@/lib/forms/action-result";

/** What the quotation page's "later start" form shows after a submission. */
export type LaterStartState = ActionState<undefined, "startDay">;
