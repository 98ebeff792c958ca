#include "CReflection.h"

#include <string.h>

// The layouts below are the Swift runtime's ABI (include/swift/ABI/Metadata.h, MetadataValues.h and
// RemoteInspection/Records.h in the Swift repository), for 64-bit targets; nothing here depends on a runtime
// version beyond them.

enum {
    kind_enum = 0x201,      // MetadataKind::Enum
    kind_optional = 0x202,  // MetadataKind::Optional
    kind_tuple = 0x301,     // MetadataKind::Tuple
    context_kind_enum = 18, // ContextDescriptorKind::Enum
    context_is_generic = 0x80,
    witnesses_have_enum = 0x00200000, // ValueWitnessFlags::HasEnumWitnesses
    field_is_indirect = 0x1,          // FieldRecordFlags::IsIndirectCase
    field_kind_enum = 2,              // FieldDescriptorKind::Enum
    field_kind_multi_payload_enum = 3,
};

typedef unsigned (*get_enum_tag_fn)(const void *value, const void *metadata) __attribute__((swiftcall));
typedef void (*project_fn)(void *value, const void *metadata) __attribute__((swiftcall));
typedef void (*inject_fn)(void *value, unsigned tag, const void *metadata) __attribute__((swiftcall));

typedef struct {
    void *functions[8]; // initializeBufferWithCopyOfBuffer … storeEnumTagSinglePayload
    size_t size;
    size_t stride;
    uint32_t flags;
    uint32_t extra_inhabitants;
    get_enum_tag_fn get_enum_tag;
    project_fn destructive_project_enum_data;
    inject_fn destructive_inject_enum_tag;
} value_witnesses;

typedef struct {
    uint32_t flags;
    int32_t parent;
    int32_t name;
    int32_t access_function;
    int32_t fields;
    uint32_t payload_cases_and_size_offset;
    uint32_t empty_cases;
} enum_descriptor;

typedef struct {
    int32_t mangled_type_name;
    int32_t superclass;
    uint16_t kind;
    uint16_t record_size;
    uint32_t count;
} field_descriptor;

typedef struct {
    uint32_t flags;
    int32_t mangled_type_name;
    int32_t name;
} field_record;

typedef struct {
    const void *type;
    uint32_t offset;
} tuple_element;

typedef struct {
    uintptr_t kind;
    size_t count;
    const char *labels;
    tuple_element elements[];
} tuple_metadata;

extern const void *swift_getTypeByMangledNameInContext(const char *name, size_t length, const void *context,
                                                       const void *const *generic_arguments)
    __attribute__((swiftcall));
extern const void *swift_projectBox(const void *box);

/// The target of a relative direct pointer stored at `field`, or NULL for offset 0.
static const void *relative(const int32_t *field) {
    return *field == 0 ? NULL : (const char *)field + *field;
}

static uintptr_t kind_of(const void *metadata) {
    return *(const uintptr_t *)metadata;
}

static const value_witnesses *witnesses_of(const void *metadata) {
    return ((const value_witnesses *const *)metadata)[-1];
}

static const enum_descriptor *enum_descriptor_of(const void *metadata) {
    if (sizeof(void *) != 8) return NULL; // the layouts above are 64-bit ones
    uintptr_t kind = kind_of(metadata);
    if (kind != kind_enum && kind != kind_optional) return NULL;
    if ((witnesses_of(metadata)->flags & witnesses_have_enum) == 0) return NULL;
    const enum_descriptor *descriptor = ((const enum_descriptor *const *)metadata)[1];
    if (descriptor == NULL || (descriptor->flags & 0x1F) != context_kind_enum) return NULL;
    return descriptor;
}

static const field_descriptor *fields_of(const enum_descriptor *descriptor) {
    const field_descriptor *fields = relative(&descriptor->fields);
    if (fields == NULL) return NULL;
    if (fields->kind != field_kind_enum && fields->kind != field_kind_multi_payload_enum) return NULL;
    if (fields->record_size != sizeof(field_record)) return NULL;
    return fields;
}

static const field_record *record_at(const field_descriptor *fields, long index) {
    return (const field_record *)(fields + 1) + index;
}

long rehearsal_enum_case_count(const void *metadata) {
    const enum_descriptor *descriptor = enum_descriptor_of(metadata);
    if (descriptor == NULL) return -1;
    const field_descriptor *fields = fields_of(descriptor);
    if (fields == NULL) return -1;
    uint32_t payload_cases = descriptor->payload_cases_and_size_offset & 0x00FFFFFF;
    if ((uint64_t)payload_cases + descriptor->empty_cases != fields->count) return -1;
    // The runtime's tag order is the records' order: the cases with a payload, then the others (which include a
    // case whose payload has no bytes, `Void`, and whose record names that type).
    for (uint32_t index = 0; index < fields->count; index++) {
        const field_record *record = record_at(fields, index);
        if (relative(&record->name) == NULL) return -1;
        if (index < payload_cases && relative(&record->mangled_type_name) == NULL) return -1;
    }
    return (long)fields->count;
}

/// The length of a mangled name with symbolic references, as the runtime measures it.
static size_t mangled_length(const char *name) {
    const char *end = name;
    while (*end != '\0') {
        if (*end >= '\x01' && *end <= '\x17') {
            end += sizeof(uint32_t);
        } else if (*end >= '\x18' && *end <= '\x1F') {
            end += sizeof(void *);
        }
        end++;
    }
    return (size_t)(end - name);
}

int rehearsal_enum_case(const void *metadata, long index, const char **name, const void **payload, int *indirect) {
    const enum_descriptor *descriptor = enum_descriptor_of(metadata);
    const field_descriptor *fields = fields_of(descriptor);
    const field_record *record = record_at(fields, index);
    *name = relative(&record->name);
    *indirect = (record->flags & field_is_indirect) != 0;
    *payload = NULL;
    const char *mangled = relative(&record->mangled_type_name);
    if (mangled == NULL) return 1;
    const void *const *arguments =
        (descriptor->flags & context_is_generic) ? (const void *const *)metadata + 2 : NULL;
    *payload = swift_getTypeByMangledNameInContext(mangled, mangled_length(mangled), descriptor, arguments);
    return *payload != NULL;
}

unsigned rehearsal_enum_tag(const void *value, const void *metadata) {
    return witnesses_of(metadata)->get_enum_tag(value, metadata);
}

void rehearsal_enum_project(void *value, const void *metadata) {
    witnesses_of(metadata)->destructive_project_enum_data(value, metadata);
}

void rehearsal_enum_inject(void *value, unsigned tag, const void *metadata) {
    witnesses_of(metadata)->destructive_inject_enum_tag(value, tag, metadata);
}

const void *rehearsal_enum_indirect_payload(const void *value) {
    return swift_projectBox(*(const void *const *)value);
}

long rehearsal_tuple_count(const void *metadata) {
    if (sizeof(void *) != 8) return -1;
    if (kind_of(metadata) != kind_tuple) return -1;
    return (long)((const tuple_metadata *)metadata)->count;
}

const void *rehearsal_tuple_element(const void *metadata, long index, size_t *offset, const char **label,
                                    size_t *length) {
    const tuple_metadata *tuple = metadata;
    *offset = tuple->elements[index].offset;
    *label = NULL;
    *length = 0;
    // Labels are one string, each followed by a space; an unlabelled element's is empty.
    const char *labels = tuple->labels;
    if (labels != NULL) {
        const char *space = strchr(labels, ' ');
        for (long position = 0; position != index && space != NULL; position++) {
            labels = space + 1;
            space = strchr(labels, ' ');
        }
        if (space != NULL && space != labels) {
            *label = labels;
            *length = (size_t)(space - labels);
        }
    }
    return tuple->elements[index].type;
}
