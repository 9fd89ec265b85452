import { endpoints } from "./endpoint";

export const accountEndpoints = endpoints({});
