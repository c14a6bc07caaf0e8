// Device work of a chosen length for tests and the bench: one invocation iterating a xorshift step
// `iterations` times, at most 65535 per dispatch. Lavapipe (llvmpipe) stops a shader's loops after
// 65535 iterations in all, as a guard against shaders that never end (a longer loop, or two
// nested ones, ends in the state of 65535), so longer work is more dispatches.
// The result is written only if it is 0, which xorshift never reaches from a nonzero state, so
// the compiler must run the loop and the device writes nothing.
// Compiled by make-spirv.sh; SpirvTest checks the checked-in SPIR-V is what this source makes.
#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Sink { uint value; };
layout(push_constant) uniform Busy { Sink sink; uint iterations; uint seed; } busy;
void main() {
    uint x = busy.seed | 1u;
    for (uint i = 0u; i < busy.iterations; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    if (x == 0u) {
        busy.sink.value = x;
    }
}
