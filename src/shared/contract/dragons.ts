import { endpoints } from "./endpoint";

export const dragonsEndpoints = endpoints({});
