# The generator of a C library's FFM bindings in jextract's shape, for the backends that bind a
# vendor library by symbol through io.gpuasync.spi.ffm.NativeLibrary (CUDA, HIP). A backend's
# src/main/bindings/generate.py names what it binds (functions, constants, the C types' layouts)
# and calls main(); this reads the prototypes, #defines and enums from the vendor's header and
# writes one Java class with a lazily linked holder per function, as jextract would, and nothing
# the backend does not name. It is a prototype reader for the declarations these headers use, not a
# C parser: what it cannot read it refuses, naming the declaration, rather than guess.
import os
import re

_KEYWORDS = {"abstract", "boolean", "byte", "char", "class", "default", "do", "double", "float", "int", "long",
             "new", "package", "short", "static", "switch", "this", "throw", "try", "var", "void"}
_C_TYPE_WORDS = {"char", "short", "int", "long", "float", "double", "void", "signed", "unsigned"}
_JAVA = {"C_INT": "int", "C_SIZE_T": "long", "C_LONG_LONG": "long", "C_POINTER": "MemorySegment"}


class Library:
    """What one backend binds, and how its header spells it.

    generator: the generating script's path in the repository, for the files' first line.
    header: the default header path; include: how the header is #included, for the first line.
    version: (header text, header path) -> the header's own version, as the first line records it.
    package, name: the Java class written; library: the Java expression of its NativeLibrary.
    calling: the calling-convention macros between a prototype's result type and name (CUDAAPI).
    layouts: [(layout constant, Java type, value, Javadoc)] of the class.
    types: C type (no const, '*' attached) -> layout constant, for every non-pointer type used.
    constants: [(Java name, C name, 'int' or 'long', Javadoc)]: each a #define or an enumerant.
    functions: [(C name as declared, Javadoc)]; optional: [(C name, Javadoc)], bound where the
    library exports them and left out of FUNCTIONS.
    supplement: C declarations, read after the header, of what a newer header than the one read
    declares; supplement_source: where they come from, said in the Javadoc of each used.
    doc: the class's Javadoc, one string per line.
    """

    def __init__(self, **fields):
        self.__dict__.update(fields)


def call_body(w, jret, invoke):
    """The body of a binding's static method, and its closing brace: invokeExact, with what it may
    throw passed on unchecked (Downcalls.checked), as jextract's methods do."""
    w("        try {")
    w(("            %s;" % invoke) if jret == "void" else ("            return (%s) %s;" % (jret, invoke)))
    w("        } catch (Error | RuntimeException e) {")
    w("            throw e;")
    w("        } catch (Throwable t) {")
    w("            throw Downcalls.checked(t);")
    w("        }")
    w("    }\n")


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", " ", text, flags=re.S))


def define(text, name):
    """The text of #define name, or None."""
    m = re.search(r"(?m)^\s*#\s*define\s+" + name + r"\s+(.+?)\s*$", text)
    return m.group(1) if m else None


def _int(literal):
    return int(re.sub(r"[uUlL]+$", "", literal), 0)


def _enum_value(text, name):
    """The value of enumerant name: C's count on from the last explicit value, which may name an
    earlier member or be a sum or shift of literals and earlier members."""
    m = re.search(r"\benum\b[^{;]*\{([^{}]*?\b" + name + r"\b(?=\s*[=,}])[^{}]*)\}", text)
    if not m:
        return None
    body = "\n".join(line for line in m.group(1).splitlines() if not line.strip().startswith("#"))
    values = {}
    following = 0
    for entry in body.split(","):
        e = " ".join(entry.split())
        if not e:
            continue
        member, _, expression = e.partition("=")
        member = member.strip()
        if expression.strip():
            following = _evaluate(expression.strip(), values, name)
        values[member] = following
        following += 1
    return values.get(name)


def _evaluate(expression, values, name):
    tokens = re.findall(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|\w+|<<|>>|[-+|()~]", expression)
    if "".join(tokens) != expression.replace(" ", ""):
        raise SystemExit("cannot read the value '%s' near %s" % (expression, name))
    java = []
    for t in tokens:
        if re.fullmatch(r"\d\w*|0[xX]\w+", t):
            java.append(str(_int(t)))
        elif re.fullmatch(r"\w+", t):
            if t not in values:
                raise SystemExit("the value of %s names %s, which is not an earlier member" % (name, t))
            java.append(str(values[t]))
        else:
            java.append(t)
    return eval(" ".join(java), {"__builtins__": {}}, {})


def constant(text, name):
    """The value of a #define (casts and parentheses dropped) or of an enumerant, or None."""
    value = define(text, name)
    if value is not None:
        literal = re.sub(r"\(\s*\w+\s*\)", "", value).replace("(", "").replace(")", "").strip()
        if not re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|\d+)[uUlL]*", literal):
            raise SystemExit("cannot read #define %s %s" % (name, value))
        return -_int(literal[1:]) if literal.startswith("-") else _int(literal)
    return _enum_value(text, name)


def symbol(text, name):
    """The symbol the header makes of name: itself, unless a #define renames it (also through
    __CUDA_API_PTSZ(...), which is the name itself without per-thread default streams)."""
    m = re.search(r"(?m)^\s*#\s*define\s+" + name + r"\s+(?:__CUDA_API_PTSZ\()?(\w+)\)?\s*$", text)
    return m.group(1) if m else name


def prototype(text, name, calling):
    """(result type, [(type as spelled, type normalized, parameter name)]) of the first prototype of
    name, defaults (= ..., __dparm(...)) dropped; None if there is none."""
    conventions = "".join(r"(?:%s\s+)?" % c for c in calling)
    m = re.search(r"(?m)^\s*(?:extern\s+)?((?:const\s+)?\w+(?:\s*\*)*)\s*" + conventions + r"\b" + name
                  + r"\s*\(([^;{]*?)\)\s*;", text)
    if not m:
        return None
    listed = re.sub(r"__dparm\([^)]*\)", "", m.group(2))
    listed = " ".join(re.sub(r"=[^,]*", "", listed).split())
    parameters = []
    if listed not in ("", "void"):
        for i, p in enumerate(listed.split(",")):
            p = p.strip()
            pm = re.fullmatch(r"(.*?[\w*])\s*\b(\w+)", p)
            if pm and pm.group(2) not in _C_TYPE_WORDS and pm.group(1).strip() != "const":
                spelled, pname = pm.group(1).strip(), pm.group(2)
            else:
                spelled, pname = p, "arg%d" % i
            parameters.append((spelled, normalized(spelled), pname + "_" if pname in _KEYWORDS else pname))
    return " ".join(m.group(1).split()), parameters


def normalized(ctype):
    return re.sub(r"\s*\*\s*", "*", " ".join(ctype.replace("const", " ").split())).strip()


def layout(lib, ctype, where):
    t = normalized(ctype)
    if t.endswith("*"):
        return "C_POINTER"
    if t not in lib.types:
        raise SystemExit("%s: no layout known for the C type '%s' (add it to the generator's types)" % (where, ctype))
    return lib.types[t]


def _source_root(argv, here):
    return argv[2] if len(argv) > 2 else os.path.join(here, "..", "..", "generated", "java")


def main(lib, argv, here):
    """python3 generate.py [HEADER [OUTPUT]]: writes the class under OUTPUT (a source root; by
    default the module's src/generated/java) from HEADER (by default lib.header)."""
    header = argv[1] if len(argv) > 1 else lib.header
    with open(header) as f:
        raw = f.read()
    text = strip_comments(raw)
    supplement = strip_comments(lib.supplement)
    first = ("// Generated by %s from <%s> %s. Do not edit: change the generator and run it again."
             % (lib.generator, lib.include, lib.version(raw, header)))

    out = [first, "package %s;\n" % lib.package]
    w = out.append
    w("import io.gpuasync.spi.ffm.Downcalls;\n")
    w("import java.lang.foreign.FunctionDescriptor;")
    w("import java.lang.foreign.MemorySegment;")
    w("import java.lang.foreign.ValueLayout;")
    w("import java.lang.invoke.MethodHandle;")
    w("import java.util.List;\n")
    w("/**")
    for line in lib.doc:
        w((" * " + line).rstrip())
    w(" */")
    w("public final class %s {" % lib.name)
    for name, jtype, value, doc in lib.layouts:
        w("    /** %s */" % doc)
        w("    public static final %s %s = %s;" % (jtype, name, value))
    w("")
    for jname, cname, jtype, doc in lib.constants:
        value = constant(text, cname)
        source = "{@code <%s>}" % lib.include
        if value is None:
            value = constant(supplement, cname)
            source = lib.supplement_source
        if value is None:
            raise SystemExit("no #define or enumerant %s in %s or the supplement" % (cname, header))
        w("    /** %s: %s%s */" % (source, cname, (", " + doc) if doc else "."))
        w("    public static final %s %s = %d%s;" % (jtype, jname, value, "L" if jtype == "long" else ""))
    w("")
    w("    private %s() {" % lib.name)
    w("    }\n")
    w("    /** One binding: the library symbol, the name the header declares, and the C signature. */")
    w("    public record Function(String symbol, String declaredAs, FunctionDescriptor descriptor) {")
    w("    }\n")
    bound = []
    for (cname, doc), optional in [(f, False) for f in lib.functions] + [(f, True) for f in lib.optional]:
        found = prototype(text, cname, lib.calling)
        sym = symbol(text, cname)
        origin = ""
        if found is None:
            found = prototype(supplement, cname, lib.calling)
            sym = symbol(supplement, cname)
            origin = " " + lib.supplement_source + "."
        if found is None:
            raise SystemExit("no prototype of %s in %s or the supplement" % (cname, header))
        result, parameters = found
        rl = layout(lib, result, cname)
        layouts = [layout(lib, normal, cname) for _, normal, _ in parameters]
        bound.append(("F_" + sym, optional))
        c = "%s %s(%s)" % (result, cname, ", ".join(re.sub(r"\s*(\**)$", r" \1", s, count=1) + n for s, _, n in parameters))
        w("    /** {@code %s}: %s%s */" % (c, doc, origin))
        w('    public static final Function F_%s = new Function("%s", "%s", FunctionDescriptor.of(%s));\n'
          % (sym, sym, cname, ", ".join([rl] + layouts)))
        w("    private static final class %s {" % sym)
        w("        static final MethodHandle HANDLE = %s.downcall(F_%s.symbol(), F_%s.descriptor());" % (lib.library, sym, sym))
        w("    }\n")
        jret = _JAVA[rl]
        w("    /** %s */" % doc)
        w("    public static %s %s(%s) {" % (jret, sym, ", ".join("%s %s" % (_JAVA[l], p[2]) for l, p in
                                                                 zip(layouts, parameters))))
        call_body(w, jret, "%s.HANDLE.invokeExact(%s)" % (sym, ", ".join(p[2] for p in parameters)))
    w("    /** Whether the library exports {@code function}. */")
    w("    public static boolean has(Function function) {")
    w("        return %s.has(function.symbol());" % lib.library)
    w("    }\n")
    w("    /** Bindings used where the library exports them, and said to be absent where it does not. */")
    w("    public static final List<Function> OPTIONAL = List.of(%s);\n"
      % ", ".join(f for f, optional in bound if optional))
    w("    /** Every binding but the optional ones, for the availability check and the header test. */")
    w("    public static final List<Function> FUNCTIONS = List.of(")
    w(",\n".join("            " + f for f, optional in bound if not optional) + ");")
    w("}")

    folder = os.path.join(_source_root(argv, here), *lib.package.split("."))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, lib.name + ".java"), "w") as f:
        f.write("\n".join(out) + "\n")
