// openapi-typescript prints with the TypeScript 5 compiler API, which the workspace's TypeScript 7
// does not have: it gets TypeScript 5.9 as its own dependency instead of sharing ours as a peer.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'openapi-typescript') {
        if (pkg.peerDependencies) delete pkg.peerDependencies.typescript;
        pkg.dependencies = { ...pkg.dependencies, typescript: '5.9.3' };
      }
      return pkg;
    },
  },
};
