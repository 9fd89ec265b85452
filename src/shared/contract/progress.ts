import { endpoints } from "./endpoint";

export const progressEndpoints = endpoints({});
