import { endpoints } from "./endpoint";

export const uploadsEndpoints = endpoints({});
