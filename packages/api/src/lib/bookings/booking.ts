// The booking schemas live in @naav/schemas, where the Import booking dialog checks its requests with them too.
export * from '@naav/schemas/bookings';
