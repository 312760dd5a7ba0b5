#ifndef CAPTIONS_CLIBXML2_SHIM_H
#define CAPTIONS_CLIBXML2_SHIM_H
// Bridge to libxml2. Only the ITT module imports this target.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

/// Parser options for untrusted input: no network, no DTD loading, no entity substitution,
/// no huge text nodes. Swift cannot combine the C enum constants directly.
static inline int captions_xml_safe_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
}

/// Major.minor.patch of the linked libxml2, e.g. 20914 for 2.9.14.
static inline int captions_xml_version(void) { return LIBXML_VERSION; }
#endif
