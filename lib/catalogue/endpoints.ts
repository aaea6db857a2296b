import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  catalogueItemResponseSchema,
  catalogueListResponseSchema,
  catalogueParamsSchema,
} from "@/lib/schemas/catalogue";

export const listCatalogueEndpoint = defineEndpoint({
  operationId: "listCatalogue",
  method: "GET",
  path: "/v1/catalogue",
  summary: "Product catalogue",
  description:
    "Every product the key's broker can quote: operationCode (the body's `operationCode` of quotation " +
    "creation), modality and product codes and pt-BR texts. The catalogue is small and fixed, so the list " +
    "is answered whole, without paging fields. The same for every broker. Limited to 20 calls per 20 s per " +
    "key (one counter for both catalogue reads).",
  tag: "Catalogue",
  auth: "key",
  limit: "catalogue",
  response: catalogueListResponseSchema,
  errors: [],
});

export const getCatalogueProductEndpoint = defineEndpoint({
  operationId: "getCatalogueProduct",
  method: "GET",
  path: "/v1/catalogue/{operationCode}",
  summary: "Questions of one product",
  description:
    "The answers quotation creation (`questions`) and the proposal (`proposalQuestions`) take for one " +
    "product, in evaluation order, generated from the same catalogue data that evaluates them: each " +
    "question's `code`, pt-BR `text`, `type`, whether it is `required` always or `requiredWhen` a condition " +
    "on earlier answers holds (otherwise the answer is ignored), its `default`, `aliases`, the `allowed` " +
    "values (a value may itself carry a `when` condition, e.g. the categories of one person type), the " +
    "`min`/`max` of numbers, the lengths of texts and digits, the day range of dates, the CPF/CNPJ of " +
    "documents, and for an `options` answer (limit options, one price variant each) the `items` of every " +
    "entry. An operationCode the catalogue does not offer answers 404 PRODUCT-NOT-FOUND. Limited to 20 calls " +
    "per 20 s per key (one counter for both catalogue reads).",
  tag: "Catalogue",
  auth: "key",
  limit: "catalogue",
  params: catalogueParamsSchema,
  response: catalogueItemResponseSchema,
  errors: ["PRODUCT-NOT-FOUND"],
});
