export * from "./brokers";
export * from "./catalogue";
export * from "./checkouts";
export * from "./documents";
export * from "./events";
export * from "./policies";
export * from "./quotations";
export * from "./sessions";
