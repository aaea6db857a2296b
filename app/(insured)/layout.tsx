import type { Metadata } from "next";
import type { ReactNode } from "react";
import styles from "@/components/insured-page/insured-page.module.css";

/** The insured's pages: a link from an e-mail, so never indexed and never told to another site. */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** No portal menu, no broker: the insurer's name and the page. */
export default function InsuredLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={styles.header}>
        <p className={styles.brand}>Pagamento do seu seguro</p>
      </header>
      <main className={styles.shell}>{children}</main>
    </>
  );
}
