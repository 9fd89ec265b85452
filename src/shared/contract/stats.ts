import { endpoints } from "./endpoint";

export const statsEndpoints = endpoints({});
