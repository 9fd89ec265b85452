import { endpoints } from "./endpoint";

export const waitlistEndpoints = endpoints({});
