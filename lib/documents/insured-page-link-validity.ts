/**
 * How long an insured's payment page link stays valid, in days, from the message that carries it:
 * past the notices' whole cycle (15 days overdue to the formal notice, 15 more to cancellation), so
 * the link in any notice still opens when the insured acts on it. Its own module, free of the signer,
 * so that the share messages built in the browser can say it.
 */
export const INSURED_PAGE_LINK_TTL_DAYS = 60;
