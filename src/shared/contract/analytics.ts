import { endpoints } from "./endpoint";

export const analyticsEndpoints = endpoints({});
