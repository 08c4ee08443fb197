export * from "./codec.js";
export * from "./devices.js";
export * from "./errors.js";
export * from "./host.js";
export * from "./inputs.js";
export * from "./padding.js";
export * from "./topics.js";
export * from "./views.js";
