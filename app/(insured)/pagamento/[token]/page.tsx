import type { Metadata } from "next";
import { headers } from "next/headers";
import { InstallmentItem } from "@/components/insured-page/installment-item";
import styles from "@/components/insured-page/insured-page.module.css";
import { InsuredRefundsSection } from "@/components/insured-page/refunds-section";
import { getDb } from "@/db/index";
import { tooManyAttemptsMessage } from "@/lib/auth/too-many-attempts";
import { readInsuredPageToken } from "@/lib/documents/insured-page-link";
import { formatDate } from "@/lib/format/pt-br";
import { clientIp } from "@/lib/http/client-address";
import { GatewayError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { loadInsuredPage } from "@/lib/insured-page/load";
import { enforceWindow } from "@/lib/rate-limit";
import { loadInsuredRefunds } from "@/lib/refunds/insured";
import { sandboxEnabled } from "@/lib/sandbox/setting";
import { insuredRefundDestinationAction, insuredSecondCopyAction, insuredSimulatePixAction } from "./actions";

export const metadata: Metadata = { title: { absolute: "Pagamento do seu seguro" } };

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card">
      <h1>{title}</h1>
      <p>{children}</p>
    </section>
  );
}

/**
 * The insured's payment page, opened from a signed link (lib/documents/insured-page-link.ts) with no session:
 * the policy and its installments, each unpaid one payable today by Pix or boleto. The policy comes
 * only from the token.
 */
export default async function InsuredPaymentPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const opened = readInsuredPageToken(token);
  if (!opened) {
    return (
      <Notice title="Link expirado ou inválido">
        Este link de pagamento expirou ou não é válido. Peça um novo à sua corretora ou use o link do e-mail
        mais recente.
      </Notice>
    );
  }
  const requestHeaders = await headers();
  try {
    await enforceWindow("insured-page", clientIp(requestHeaders));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return (
      <Notice title="Muitas tentativas">
        {tooManyAttemptsMessage(Number(error.headers["Retry-After"] ?? 60))}
      </Notice>
    );
  }
  const loaded = await loadInsuredPage(await getDb(), opened.policyId, publicOrigin(requestHeaders));
  if (!loaded.found) {
    return (
      <Notice title="Apólice indisponível">
        Não há pagamentos a fazer por esta página. Fale com a sua corretora.
      </Notice>
    );
  }
  const { view } = loaded;
  const secondCopy = insuredSecondCopyAction.bind(null, token);
  const simulate = sandboxEnabled() ? insuredSimulatePixAction.bind(null, token) : undefined;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="policy-title">
        <p style={{ marginTop: 0 }}>{view.greeting}</p>
        <h1 id="policy-title">Seguro {view.productText}</h1>
        <dl className={styles.facts}>
          <dt>Apólice</dt>
          <dd>{view.policyNumber}</dd>
          <dt>Produto</dt>
          <dd>{view.modalityText}</dd>
          <dt>Vigência</dt>
          <dd>
            {formatDate(view.vigencyStartedAt)} a {formatDate(view.vigencyExpiredAt)}
          </dd>
          <dt>Situação</dt>
          <dd>{view.statusText}</dd>
        </dl>
        {view.inForce ? null : (
          <p className="alert alert-info">Esta apólice não está vigente: não há parcelas a pagar.</p>
        )}
      </section>
      <section className="card" aria-labelledby="installments-title">
        <h2 id="installments-title">Parcelas</h2>
        <ul className={styles.installments}>
          {view.installments.map((installment) => (
            <InstallmentItem
              key={installment.installmentNumber}
              installment={installment}
              secondCopyAction={secondCopy}
              simulatePaymentAction={simulate}
            />
          ))}
        </ul>
        <p className="muted">
          O primeiro pagamento, por Pix ou pelo boleto, quita a parcela. Pagamentos por Pix aparecem aqui em
          instantes; por boleto, em até 3 dias úteis.
        </p>
      </section>
      <InsuredRefundsSection
        refunds={await loadInsuredRefunds(await getDb(), opened.policyId)}
        destinationAction={insuredRefundDestinationAction.bind(null, token)}
      />
    </div>
  );
}
