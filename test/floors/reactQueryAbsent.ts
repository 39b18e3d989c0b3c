// Stands in for @tanstack/react-query in the floor-no-react-query project: any import of it fails loudly, as it
// would in an app that did not install the optional peer.
throw new Error(
  '@tanstack/react-query was imported, but this project runs without it (an optional peer). ' +
    'Find the import in the stack above: code reachable from RoomProvider, VideoConference, hooks and components must not need it.',
);

export {};
