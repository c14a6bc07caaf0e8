// The line's store: one invocation storing a 64-bit value into one word of the line's page, at
// the device address the push constants give (VK_KHR_buffer_device_address, core in Vulkan 1.2).
// Atomic, so that the host's 64-bit acquire load never sees half of it; relaxed, since the
// pipeline barriers recorded around the dispatch do the ordering (VulkanDriver says which).
// Compiled by make-spirv.sh; SpirvTest checks the checked-in SPIR-V is what this source makes.
#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Word { uint64_t value; };
layout(push_constant) uniform Store { Word word; uint64_t value; } store;
void main() {
    atomicStore(store.word.value, store.value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}
