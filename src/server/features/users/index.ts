export { usersPlugin } from "./plugin";
export { createAdminUsersRepository } from "./repository";
