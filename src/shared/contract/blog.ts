import { endpoints } from "./endpoint";

export const blogEndpoints = endpoints({});
