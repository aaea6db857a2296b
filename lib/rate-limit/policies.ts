/** The endpoint windows of service-spec.md "Limits"; the daily quota and all-calls window apply to every call. */
export type EndpointLimit = "policy-get" | "policy-list";
