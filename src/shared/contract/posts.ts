import { endpoints } from "./endpoint";

export const postsEndpoints = endpoints({});
