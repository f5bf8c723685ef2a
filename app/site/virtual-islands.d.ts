declare module "virtual:islands" {
  const scripts: import("./island-ids.ts").IslandScripts;
  export default scripts;
}
