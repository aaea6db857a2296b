export * from "./brokers";
export * from "./catalogue";
export * from "./checkouts";
export * from "./documents";
export * from "./policies";
export * from "./quotations";
export * from "./sessions";
export * from "./events";
