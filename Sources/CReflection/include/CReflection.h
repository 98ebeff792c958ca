#ifndef REHEARSAL_CREFLECTION_H
#define REHEARSAL_CREFLECTION_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// Reading an enum's case and a tuple's elements from the Swift runtime's metadata, as `Mirror` reads them, without
/// demangling a payload's type each time (see RehearsalBase's EnumCases.swift and TupleElements.swift).
///
/// Every function takes a type's metadata (`unsafeBitCast(type, to: UnsafeRawPointer.self)`).

/// The number of cases of the enum (or `Optional`) whose metadata this is, or -1 when it is no enum or has no field
/// records (reflection metadata stripped), or its records are not laid out as the runtime's reflection reads them.
long rehearsal_enum_case_count(const void *metadata);

/// Case `index` of the enum (in the runtime's tag order: cases with a payload first): its name, its payload's
/// type (NULL without a payload) and whether the payload is `indirect`. Returns 0 when the payload's type cannot be
/// found.
int rehearsal_enum_case(const void *metadata, long index, const char *_Nullable *_Nonnull name,
                        const void *_Nullable *_Nonnull payload, int *indirect);

/// The case (tag) of the enum value at `value`, through the type's value witnesses.
unsigned rehearsal_enum_tag(const void *value, const void *metadata);

/// Leaves the payload of the enum value at `value` in its place (the value is no enum value until re-injected).
void rehearsal_enum_project(void *value, const void *metadata);

/// Makes the payload at `value` the enum value of case `tag` again.
void rehearsal_enum_inject(void *value, unsigned tag, const void *metadata);

/// Where an indirect case's payload is: in the box whose reference is at `value`.
const void *rehearsal_enum_indirect_payload(const void *value);

/// The number of elements of the tuple type whose metadata this is, or -1 when it is no tuple.
long rehearsal_tuple_count(const void *metadata);

/// Element `index` of a tuple type: its type, its offset in the tuple and its label (NULL without one; `length`
/// bytes, not terminated).
const void *rehearsal_tuple_element(const void *metadata, long index, size_t *offset,
                                    const char *_Nullable *_Nonnull label, size_t *length);

#pragma clang assume_nonnull end

#endif
