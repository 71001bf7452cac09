import { lazyDialog } from './lazy-dialog';

// The trip dialogs several screens open, each loaded on its first opening (see lazyDialog): their
// forms and the form library stay out of the screens' first load.

export const LazyEventDialog = lazyDialog(() => import('./event-dialog').then((m) => m.EventDialog));
export const LazyEditTripDialog = lazyDialog(() => import('./edit-trip-dialog').then((m) => m.EditTripDialog));
export const LazyShareTripDialog = lazyDialog(() => import('./share-trip-dialog').then((m) => m.ShareTripDialog));
export const LazyConfirmDialog = lazyDialog(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));
export const LazyAddNewDialog = lazyDialog(() => import('./availability/add-new-dialog').then((m) => m.AddNewDialog));
