import type { Address, InstallmentStatus, PaymentMethod, PersonType, PolicyStatus } from "@/db/schema";
import type { SecondCopyCharge } from "@/lib/documents/current-charge";

/** Plain data the renderers print; loaders (lib/documents/load.ts) build it from the rows. */
export type InsuredData = {
  name: string;
  /** Normalised CPF (11) or CNPJ (14). */
  identity: string;
  personType: PersonType;
  address: Address;
  email?: string;
  phone?: string;
};

export type BrokerData = { name: string; registerNumber: string };

export type CoverageData = {
  description: string;
  limitCents: number;
  netCents: number;
  deductibleText: string;
};

/** An insured item of an item-based product (bike, construction equipment). */
export type InsuredItemData = {
  /** "Bicicleta 1", "Equipamento 2". */
  title: string;
  /** What identifies it: brand, model, year, serial number. */
  description: string;
  valueCents: number;
  coverages: CoverageData[];
};

export type PolicyDocumentData = {
  /** 24 digits. */
  number: string;
  /** 13 digits. */
  policyNumber: string;
  status: PolicyStatus;
  version: string;
  issuedAt: Date;
  canceledAt?: Date | null;
  cancelReason?: string | null;
  quotationId: string;
  proposalNumber?: string | null;
  insured: InsuredData;
  /** The insured's mobile as answered in the quotation: for sending documents, not printed on the policy. */
  contactPhone?: string;
  broker: BrokerData;
  productText: string;
  modalityText: string;
  policyLimitCents: number;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  netCents: number;
  taxCents: number;
  interestCents: number;
  totalCents: number;
  paymentMethod: PaymentMethod;
  coverages: CoverageData[];
  /** Item-based products: the items, each with its coverages (instead of `coverages`). */
  items?: InsuredItemData[];
  installments: {
    installmentNumber: number;
    dueDate: Date;
    amountCents: number;
    status: InstallmentStatus;
  }[];
};

export type ProposalDocumentData = {
  /** 14 digits. */
  number: string;
  createdAt: Date;
  quotationId: string;
  insured: InsuredData;
  broker: BrokerData;
  productText: string;
  modalityText: string;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  variant: {
    limitCents: number;
    netCents: number;
    taxCents: number;
    interestCents: number;
    totalCents: number;
    coverages: CoverageData[];
    items?: InsuredItemData[];
  };
  payment: {
    method: PaymentMethod;
    dueDay?: number | null;
    installmentCount: number;
    totalCents: number;
    /** One per installment, the first absorbing the rounding cents. */
    installments: { number: number; dueDate: Date; amountCents: number }[];
  };
};

/** An installment's Active Pix charge as printed: its BR Code ("Pix copia e cola") and last payable day. */
export type PixCodeData = {
  copyPaste: string;
  /** The end of the last day the PSP accepts the charge. */
  expiresAt: Date;
};

export type BoletoSlipData = {
  installmentNumber: number;
  installmentCount: number;
  /** The current charge's (lib/payments/current-charge): a second copy's once there is one. */
  dueDate: Date;
  amountCents: number;
  /** Set when the slip is a second copy: the original due date and amount, its fine and interest. */
  secondCopy?: SecondCopyCharge;
  status: InstallmentStatus;
  /** 8 digits; see boletoOurNumber. */
  ourNumber: string;
  /** The stored (registered) line; printed as is when present and valid. */
  typeableLine?: string | null;
  /** The installment's Active Pix charge (the "boleto híbrido"); none on boletos issued before Pix. */
  pix?: PixCodeData | null;
};

export type BoletoDocumentData = {
  policyNumber: string;
  issuedAt: Date;
  productText: string;
  modalityText: string;
  payer: { name: string; identity: string; address: Address };
  slips: BoletoSlipData[];
};

export type PixSlipData = {
  installmentNumber: number;
  installmentCount: number;
  dueDate: Date;
  amountCents: number;
  status: InstallmentStatus;
  /** The installment's Active charge; none once it is paid, canceled or awaiting a second copy. */
  pix?: PixCodeData | null;
};

/** A PIX policy's charge slips ("Cobrança Pix"): every installment, or one. */
export type PixDocumentData = {
  policyNumber: string;
  issuedAt: Date;
  productText: string;
  modalityText: string;
  payer: { name: string; identity: string };
  slips: PixSlipData[];
};
