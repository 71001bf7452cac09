// The field schemas the web app checks its forms with too.
export {
  id,
  isoDate,
  requiredText,
  timeOfDay,
} from '@naav/schemas/fields';

// The shapes every domain shares (ids, the answer of a delete, paging).
export {
  deletedSchema,
  doneSchema,
  flag,
  idInput,
  nextCursor,
  pageCursor,
  pageLimit,
  pageTotal,
  wholeNumber,
} from '@naav/schemas/common';
